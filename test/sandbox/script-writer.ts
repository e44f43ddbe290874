import { WORDS_PER_SECOND, countWords } from './durations';
import { allMarkers } from './markers';

const MIDDLE_SENTENCES = [
	'Let us start with the basics and keep it simple.',
	'Most people overlook one detail that changes everything.',
	'Here is a quick example you can try today.',
	'The key idea is to focus on what really matters.',
	'Small steps, repeated every day, add up to big results.',
	'Now let us look at the next point.',
	'Ask yourself what your audience needs to hear first.',
	'Keep your message short, clear and concrete.',
];

/**
 * A deterministic script of about the requested length (150 words per minute). Failure markers in
 * the prompt are carried into the script, so a "generate script, then video" workflow keeps them.
 */
export function writeScript(prompt: string, durationSeconds: number): string {
	const topic = topicOf(prompt);
	const targetWords = Math.max(10, Math.round(durationSeconds * WORDS_PER_SECOND));
	const sentences = [`Here is what you need to know about ${topic}.`];
	const closing = `Follow for more about ${topic}.`;
	let words = countWords(sentences[0] as string) + countWords(closing);
	for (let index = 0; words < targetWords; index += 1) {
		const sentence = MIDDLE_SENTENCES[index % MIDDLE_SENTENCES.length] as string;
		sentences.push(sentence);
		words += countWords(sentence);
	}
	sentences.push(closing, ...allMarkers(prompt));
	return sentences.join(' ');
}

function topicOf(prompt: string): string {
	const text = prompt
		.replace(/\[sandbox:[^\]]*\]/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.replace(/[.!?]+$/, '');
	if (text === '') return 'this topic';
	return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
