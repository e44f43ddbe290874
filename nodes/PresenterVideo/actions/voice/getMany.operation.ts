import { listVoices } from '../../input/catalogue';
import { genderFilterField, tagsFilterField } from '../common/fields';
import { listOperation } from '../common/listOutput';

export const { description, prepare, execute } = listOperation(
	'voice',
	[
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
	],
	listVoices,
);
