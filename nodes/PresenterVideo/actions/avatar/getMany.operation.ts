import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { listAvatars } from '../../input/catalogue';
import { filtersCollection, genderFilterField, returnAllAndLimitFields, tagsFilterField } from '../common/fields';
import { listOperation } from '../common/listOutput';

const properties: INodeProperties[] = [
	...returnAllAndLimitFields,
	filtersCollection([genderFilterField, tagsFilterField]),
];

export const description = updateDisplayOptions({ show: { resource: ['avatar'], operation: ['getMany'] } }, properties);

export const { prepare, execute } = listOperation(listAvatars);
