/** Text as n8n's form templates (Handlebars) write it into HTML. */
export function escapeHtml(text: string): string {
	const entities: Record<string, string> = {
		'&': '&amp;',
		'<': '&lt;',
		'>': '&gt;',
		'"': '&quot;',
		"'": '&#x27;',
		'`': '&#x60;',
		'=': '&#x3D;',
	};
	return text.replace(/[&<>"'`=]/g, (char) => entities[char]);
}
