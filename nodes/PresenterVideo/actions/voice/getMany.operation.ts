import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { listVoices } from '../../input/catalogue';
import { filtersCollection, genderFilterField, returnAllAndLimitFields, tagsFilterField } from '../common/fields';
import { listOperation } from '../common/listOutput';

const properties: INodeProperties[] = [
	...returnAllAndLimitFields,
	filtersCollection([
		genderFilterField,
		{
			displayName: 'Language',
			name: 'language',
			type: 'string',
			default: '',
			placeholder: 'e.g. en',
			description: 'Language code, for example en or fr',
		},
		tagsFilterField,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['voice'], operation: ['getMany'] } }, properties);

export const { prepare, execute } = listOperation(listVoices);
