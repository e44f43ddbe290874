import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import type { JobKind } from '../service/types';
import { confirmAfterAnswer, confirmWithService } from './confirm';
import type { TriggerOptions } from './description';
import { BOTH_KINDS, buildEventJson, classifyDelivery, eventName, type EventName, type JobEvent } from './event';
import { claim, eventKey, hasEntry, release, scopedKey, withEntry } from './repeats';
import { Deadline, isOversized, readBody, type Reply, REPLIES, type ReplyName, secretMatches } from './request';

/** Where the trigger keeps its ledger of started events, in the node's static data. */
const LEDGER_FIELD = 'deliveries';

/** Writes the answer on the response itself, before webhook() returns. */
function writeReply(context: IWebhookFunctions, { status, body }: Reply): void {
	const response = context.getResponseObject();
	response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	response.end(JSON.stringify(body));
}

function answer(context: IWebhookFunctions, name: ReplyName): IWebhookResponseData {
	const reply = REPLIES[name];
	// n8n answers 2xx itself; other statuses are written here, as n8n's own Webhook node does.
	if (reply.status >= 200 && reply.status < 300) return { webhookResponse: reply.body };
	writeReply(context, reply);
	return { noWebhookResponse: true };
}

/** One trigger node of one workflow, test URL and production URL apart. */
function triggerScope(context: IWebhookFunctions): string {
	const node = context.getNode();
	return `${context.getWorkflow().id ?? ''}/${node.id ?? node.name}/${context.getMode()}`;
}

function isSelected(selected: EventName[], event: JobEvent): boolean {
	const kinds = event.kind ? [event.kind] : BOTH_KINDS;
	return kinds.some((kind) => selected.includes(eventName(kind, event.status)));
}

/** A delivery that passed the checks, or the reply that refuses it. */
type Admission = { reply: ReplyName } | { event: JobEvent; rawBody: unknown };

/** The checks a delivery passes before anything is remembered: its secret, size, shape and event. */
function admit(context: IWebhookFunctions, options: TriggerOptions, selected: EventName[]): Admission {
	const request = context.getRequestObject();
	const log = context.logger;
	if (options.secret && !secretMatches(options.secret, (context.getQueryData() as IDataObject).secret)) {
		log.debug('Presenter Video Trigger: refused a delivery without the right secret');
		return { reply: 'unauthorized' };
	}
	if (isOversized({ headers: request.headers, rawBody: request.rawBody })) return { reply: 'tooLarge' };

	const rawBody = readBody(context.getBodyData(), request.rawBody);
	const classification = classifyDelivery(rawBody);
	if (classification.type === 'malformed') {
		log.debug(`Presenter Video Trigger: refused a malformed delivery (${classification.reason})`);
		return { reply: 'malformed' };
	}
	if (classification.type === 'ignored') return { reply: 'notAJobEvent' };
	const { event } = classification;
	if (!isSelected(selected, event)) return { reply: 'notSelected' };
	// Without a status check there is no way to tell which of the two events this is.
	if (event.kind === undefined && !options.confirmWithApi) return { reply: 'kindUnknown' };
	return { event, rawBody };
}

/** Handles one delivery: checks, filters, drops repeats, confirms, then starts or answers. */
export async function handleDelivery(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const receivedAt = new Date();
	const deadline = new Deadline();
	const options = context.getNodeParameter('options', {}) as TriggerOptions;
	const selected = context.getNodeParameter('events', []) as EventName[];
	const admission = admit(context, options, selected);
	if ('reply' in admission) return answer(context, admission.reply);
	const { rawBody } = admission;
	let { event } = admission;

	const key = eventKey(event.jobId, event.status, event.kind);
	const staticData = context.getWorkflowStaticData('node');
	if (hasEntry(staticData[LEDGER_FIELD], key)) return answer(context, 'duplicate');
	const processKey = scopedKey(triggerScope(context), key);
	const claimed = claim(processKey);
	if (claimed === 'in-flight') return answer(context, 'inProgress');
	if (claimed === 'accepted-recently') return answer(context, 'duplicate');

	let accepted = false;
	try {
		let answered = false;
		if (options.confirmWithApi) {
			const confirmation = await confirmWithService(context, event, deadline);
			if ('reply' in confirmation) return answer(context, confirmation.reply);
			if (confirmation.verdict === 'lagging') {
				// The service finishes the job only once this delivery is answered: answer, then confirm.
				writeReply(context, REPLIES.confirming);
				answered = true;
				const later = await confirmAfterAnswer(context, event, confirmation.kind);
				if (!later) {
					context.logger.info(
						`Presenter Video Trigger: the service did not confirm job ${event.jobId} as ${event.status} after the answer; nothing started`,
					);
					return { noWebhookResponse: true };
				}
				event = later;
			} else {
				event = confirmation.event;
			}
			// The service may have corrected a kind guessed from the id prefix.
			if (!isSelected(selected, event)) return answered ? { noWebhookResponse: true } : answer(context, 'notSelected');
		}

		// Download Video runs in execute(), after repeats are dropped: a repeat stores no file.
		const item: INodeExecutionData = {
			json: buildEventJson({
				event: event as JobEvent & { kind: JobKind },
				// With Confirm With API, only a confirmed event gets this far.
				confirmed: Boolean(options.confirmWithApi),
				receivedAt,
				rawBody: options.includeRawBody ? rawBody : undefined,
			}),
		};

		// A fresh object, so n8n notices. Only a first filter: n8n 2.x saves it once, never atomically.
		staticData[LEDGER_FIELD] = withEntry(staticData[LEDGER_FIELD], key);
		accepted = true;
		if (answered) return { noWebhookResponse: true, workflowData: [[item]] };
		return { workflowData: [[item]], webhookResponse: REPLIES.started.body };
	} finally {
		release(processKey, accepted);
	}
}
