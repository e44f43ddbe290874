/** A Create run over many rows, as a spreadsheet feeds it; shared by the rate-limit tests and benchmark. */
export const CREATE_FROM_TOPIC = {
	resource: 'video',
	operation: 'create',
	inputMethod: 'prompt',
	prompt: '={{ $json.topic }}',
	duration: 30,
	format: 'vertical',
	options: {},
};

export function topicItems(count: number, label = 'Topic') {
	return Array.from({ length: count }, (_, index) => ({ json: { topic: `${label} ${index}` } }));
}
