import { Credentials, getAdditionalKeys } from 'n8n-core';
import { ICredentialsHelper, isExpression, NodeHelpers } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	ICredentialsExpressionResolveValues,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

/** A stored credential, given decrypted. */
export interface HarnessCredential {
	type: string;
	/** What `node.credentials[type].id` points at; defaults to the type name. */
	id?: string;
	name?: string;
	data: Record<string, unknown>;
}

export function credentialId(credential: HarnessCredential): string {
	return credential.id ?? credential.type;
}

/**
 * Plays the part of n8n's CLI CredentialsHelper (which lives in the unpublished `cli` package)
 * over an in-memory store: same lookup by id and type, defaults from the credential type,
 * expressions in credential data, and the generic and function `authenticate` of the type.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly types = new Map<string, ICredentialType>();

	private readonly stored: HarnessCredential[];

	constructor(credentialTypes: ICredentialType[], credentials: HarnessCredential[]) {
		super();
		for (const type of credentialTypes) this.types.set(type.name, type);
		this.stored = credentials.map((credential) => ({ ...credential, data: { ...credential.data } }));
	}

	private typeByName(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) throw new Error(`Credential type "${name}" is not registered in the harness`);
		return type;
	}

	private find(details: INodeCredentialsDetails, type: string): HarnessCredential {
		const byId = details.id
			? this.stored.find((c) => c.type === type && credentialId(c) === details.id)
			: this.stored.find((c) => c.type === type && c.name === details.name);
		if (!byId) {
			const reference = details.id ? `ID "${details.id}"` : `name "${details.name}"`;
			throw new Error(`Credential with ${reference} does not exist for type "${type}"`);
		}
		return byId;
	}

	getParentTypes(name: string): string[] {
		const parents = this.types.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.types.get(credentialType);
		if (!type?.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).some((name) => nodeType === name || nodeType.endsWith(`.${name}`));
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.typeByName(type);
		if (!credentialType.extends) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends) {
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}

	async getCredentials(details: INodeCredentialsDetails, type: string): Promise<Credentials> {
		const stored = this.find(details, type);
		const credentials = new Credentials({ id: credentialId(stored), name: stored.name ?? type }, type);
		await credentials.setData(stored.data as ICredentialDataDecryptedObject);
		return credentials;
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		details: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const data = { ...this.find(details, type).data } as ICredentialDataDecryptedObject;
		if (raw === true) return data;

		const withDefaults = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			data as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (!expressionResolveValues) return withDefaults;

		const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } = expressionResolveValues;
		return workflow.expression.getParameterValue(
			withDefaults as INodeParameters,
			runExecutionData,
			runIndex,
			itemIndex,
			node.name,
			connectionInputData,
			mode,
			getAdditionalKeys(additionalData, mode, null, { isCredential: true }),
			executeData,
			false,
			withDefaults,
		) as ICredentialDataDecryptedObject;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.typeByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) throw new Error('Generic authentication needs the workflow and node');
			const resolve = (value: string) => {
				if (!isExpression(value)) return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved ? String(resolved) : '';
			};
			const options = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [target, entries] of Object.entries(authenticate.properties)) {
				options[target] ??= {};
				for (const [key, value] of Object.entries(entries as Record<string, string>)) {
					options[target][resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	/** Refreshes an expirable hidden property (e.g. a session token) the way n8n does. */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.typeByName(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!expirable || typeof credentialType.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;

		const output = (await credentialType.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		const details = node.credentials?.[typeName];
		if (details) await this.updateCredentials(details, typeName, { ...credentials, ...output });
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.typeByName(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(
		details: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.find(details, type).data = { ...data };
	}

	async updateCredentialsOauthTokenData(
		details: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const stored = this.find(details, type);
		stored.data = { ...stored.data, oauthTokenData: data.oauthTokenData };
	}
}
