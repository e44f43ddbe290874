import { listAvatars } from '../../input/catalogue';
import { genderFilterField, tagsFilterField } from '../common/fields';
import { listOperation } from '../common/listOutput';

export const { description, prepare, execute } = listOperation(
	'avatar',
	[genderFilterField, tagsFilterField],
	listAvatars,
);
