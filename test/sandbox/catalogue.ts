import { SPACE_IDS } from './accounts';
import type { AvatarModel } from './costs';

/** Voices and avatar looks, system-wide plus a few custom ones owned by single spaces. */

export type Gender = 'male' | 'female';

export interface Voice {
	id: string;
	name: string;
	language: string;
	accent: string;
	gender: Gender;
	tags: string[];
	preview: string;
}

export interface AvatarLook {
	id: string;
	name: string;
	gender: Gender;
	place: string;
	format: string;
	tags: string[];
	thumbnail: string;
	preview?: string;
	model_available: AvatarModel[];
}

type VoiceRow = [
	id: string,
	name: string,
	language: string,
	accent: string,
	gender: Gender,
	tags: string[],
];
type AvatarRow = [
	id: string,
	name: string,
	gender: Gender,
	place: string,
	format: string,
	tags: string[],
	models: AvatarModel[],
];

const SYSTEM_VOICES: VoiceRow[] = [
	['voice_olivia_en_us', 'Olivia', 'en', 'US', 'female', ['narration', 'warm', 'professional']],
	['voice_james_en_us', 'James', 'en', 'US', 'male', ['narration', 'deep', 'professional']],
	['voice_ava_en_us', 'Ava', 'en', 'US', 'female', ['energetic', 'young', 'ads']],
	['voice_noah_en_us', 'Noah', 'en', 'US', 'male', ['conversational', 'friendly', 'young']],
	['voice_charlotte_en_gb', 'Charlotte', 'en', 'GB', 'female', ['calm', 'storytelling', 'mature']],
	['voice_oliver_en_gb', 'Oliver', 'en', 'GB', 'male', ['news', 'professional']],
	['voice_mia_en_au', 'Mia', 'en', 'AU', 'female', ['friendly', 'conversational', 'ugc']],
	['voice_jack_en_au', 'Jack', 'en', 'AU', 'male', ['energetic', 'ads', 'ugc']],
	['voice_priya_en_in', 'Priya', 'en', 'IN', 'female', ['professional', 'education']],
	['voice_aoife_en_ie', 'Aoife', 'en', 'IE', 'female', ['warm', 'storytelling']],
	['voice_camille_fr_fr', 'Camille', 'fr', 'FR', 'female', ['narration', 'calm']],
	['voice_louis_fr_fr', 'Louis', 'fr', 'FR', 'male', ['news', 'deep', 'professional']],
	['voice_chloe_fr_ca', 'Chloé', 'fr', 'CA', 'female', ['friendly', 'conversational']],
	['voice_lucas_fr_be', 'Lucas', 'fr', 'BE', 'male', ['energetic', 'ads']],
	['voice_lena_de_de', 'Lena', 'de', 'DE', 'female', ['professional', 'education']],
	['voice_felix_de_de', 'Felix', 'de', 'DE', 'male', ['narration', 'calm']],
	['voice_nina_de_ch', 'Nina', 'de', 'CH', 'female', ['warm', 'friendly']],
	['voice_lucia_es_es', 'Lucía', 'es', 'ES', 'female', ['energetic', 'ads', 'young']],
	['voice_mateo_es_mx', 'Mateo', 'es', 'MX', 'male', ['conversational', 'ugc']],
	['voice_valentina_es_ar', 'Valentina', 'es', 'AR', 'female', ['storytelling', 'warm']],
	['voice_giulia_it_it', 'Giulia', 'it', 'IT', 'female', ['narration', 'warm']],
	['voice_marco_it_it', 'Marco', 'it', 'IT', 'male', ['deep', 'news']],
	['voice_beatriz_pt_br', 'Beatriz', 'pt', 'BR', 'female', ['friendly', 'ugc', 'young']],
	['voice_joao_pt_pt', 'João', 'pt', 'PT', 'male', ['professional', 'calm']],
	['voice_sanne_nl_nl', 'Sanne', 'nl', 'NL', 'female', ['conversational', 'education']],
	['voice_jakub_pl_pl', 'Jakub', 'pl', 'PL', 'male', ['narration', 'mature']],
	['voice_yui_ja_jp', 'Yui', 'ja', 'JP', 'female', ['calm', 'young']],
	['voice_haruto_ja_jp', 'Haruto', 'ja', 'JP', 'male', ['professional', 'news']],
	['voice_jiwoo_ko_kr', 'Ji-woo', 'ko', 'KR', 'female', ['energetic', 'ads']],
	['voice_wei_zh_cn', 'Wei', 'zh', 'CN', 'male', ['narration', 'education']],
	['voice_ananya_hi_in', 'Ananya', 'hi', 'IN', 'female', ['warm', 'storytelling']],
	['voice_omar_ar_sa', 'Omar', 'ar', 'SA', 'male', ['deep', 'narration']],
	['voice_elsa_sv_se', 'Elsa', 'sv', 'SE', 'female', ['calm', 'friendly']],
	['voice_emre_tr_tr', 'Emre', 'tr', 'TR', 'male', ['conversational', 'young']],
];

const CUSTOM_VOICES: Record<string, VoiceRow[]> = {
	[SPACE_IDS.main]: [
		['voice_custom_brand_a', 'Brand voice (custom)', 'en', 'US', 'male', ['custom', 'brand']],
	],
	[SPACE_IDS.other]: [
		['voice_custom_founder_b', 'Founder voice (custom)', 'fr', 'FR', 'female', ['custom']],
	],
};

const ALL_MODELS: AvatarModel[] = ['standard', 'premium', 'ultra', 'veo-3-fast', 'veo-3'];

const SYSTEM_AVATARS: AvatarRow[] = [
	[
		'av_emma_office',
		'Emma - Office',
		'female',
		'office',
		'vertical',
		['business', 'formal'],
		ALL_MODELS,
	],
	[
		'av_emma_studio',
		'Emma - Studio',
		'female',
		'studio',
		'horizontal',
		['business', 'tech'],
		['standard', 'premium', 'ultra'],
	],
	[
		'av_liam_office',
		'Liam - Office',
		'male',
		'office',
		'horizontal',
		['business', 'formal'],
		['standard', 'premium'],
	],
	[
		'av_liam_outdoor',
		'Liam - Outdoor',
		'male',
		'outdoor',
		'vertical',
		['casual', 'lifestyle'],
		['standard'],
	],
	[
		'av_sofia_home',
		'Sofia - Home',
		'female',
		'home',
		'vertical',
		['ugc', 'casual', 'friendly'],
		['standard', 'premium', 'veo-3-fast'],
	],
	[
		'av_sofia_kitchen',
		'Sofia - Kitchen',
		'female',
		'kitchen',
		'square',
		['lifestyle', 'food'],
		['standard', 'premium'],
	],
	[
		'av_noah_podcast',
		'Noah - Podcast',
		'male',
		'podcast',
		'horizontal',
		['tech', 'casual'],
		ALL_MODELS,
	],
	[
		'av_noah_street',
		'Noah - Street',
		'male',
		'street',
		'vertical',
		['ugc', 'lifestyle'],
		['premium', 'veo-3-fast', 'veo-3'],
	],
	[
		'av_amara_classroom',
		'Amara - Classroom',
		'female',
		'classroom',
		'horizontal',
		['education', 'friendly'],
		['standard', 'premium'],
	],
	[
		'av_amara_studio',
		'Amara - Studio',
		'female',
		'studio',
		'square',
		['business', 'education'],
		['standard', 'premium', 'ultra'],
	],
	[
		'av_kenji_office',
		'Kenji - Office',
		'male',
		'office',
		'ads',
		['business', 'tech'],
		['standard'],
	],
	[
		'av_kenji_gym',
		'Kenji - Gym',
		'male',
		'gym',
		'vertical',
		['fitness', 'energetic'],
		['standard', 'veo-3-fast', 'veo-3'],
	],
	[
		'av_lea_outdoor',
		'Léa - Outdoor',
		'female',
		'outdoor',
		'vertical',
		['lifestyle', 'travel'],
		['standard', 'premium', 'veo-3-fast', 'veo-3'],
	],
	[
		'av_lea_library',
		'Léa - Library',
		'female',
		'library',
		'horizontal',
		['education', 'calm'],
		['standard'],
	],
	[
		'av_marcus_studio',
		'Marcus - Studio',
		'male',
		'studio',
		'horizontal',
		['news', 'formal'],
		['standard', 'premium', 'ultra'],
	],
	[
		'av_marcus_home',
		'Marcus - Home',
		'male',
		'home',
		'vertical',
		['ugc', 'casual'],
		['standard', 'premium'],
	],
	[
		'av_ines_office',
		'Inès - Office',
		'female',
		'office',
		'ads',
		['business', 'ads'],
		['premium', 'ultra'],
	],
	[
		'av_ines_street',
		'Inès - Street',
		'female',
		'street',
		'vertical',
		['ugc', 'fashion'],
		ALL_MODELS,
	],
	[
		'av_omar_podcast',
		'Omar - Podcast',
		'male',
		'podcast',
		'square',
		['tech', 'conversational'],
		['standard', 'premium'],
	],
	[
		'av_omar_outdoor',
		'Omar - Outdoor',
		'male',
		'outdoor',
		'horizontal',
		['travel', 'lifestyle'],
		['standard', 'veo-3'],
	],
	[
		'av_hana_studio',
		'Hana - Studio',
		'female',
		'studio',
		'vertical',
		['beauty', 'ads'],
		['standard', 'premium', 'ultra', 'veo-3-fast'],
	],
	['av_hana_home', 'Hana - Home', 'female', 'home', 'square', ['casual', 'friendly'], ['standard']],
	[
		'av_diego_kitchen',
		'Diego - Kitchen',
		'male',
		'kitchen',
		'vertical',
		['food', 'lifestyle'],
		['standard', 'premium'],
	],
	[
		'av_diego_gym',
		'Diego - Gym',
		'male',
		'gym',
		'ads',
		['fitness', 'ads'],
		['standard', 'premium', 'veo-3-fast', 'veo-3'],
	],
	[
		'av_grace_classroom',
		'Grace - Classroom',
		'female',
		'classroom',
		'vertical',
		['education', 'calm'],
		['standard', 'premium'],
	],
	[
		'av_victor_office',
		'Victor - Office',
		'male',
		'office',
		'horizontal',
		['business', 'mature', 'formal'],
		['standard', 'premium', 'ultra'],
	],
];

const CUSTOM_AVATARS: Record<string, AvatarRow[]> = {
	[SPACE_IDS.main]: [
		[
			'av_custom_ceo_a',
			'Our CEO (custom)',
			'male',
			'office',
			'vertical',
			['custom'],
			['standard', 'premium'],
		],
		[
			'av_custom_host_a',
			'Show host (custom)',
			'female',
			'studio',
			'horizontal',
			['custom'],
			['standard', 'premium', 'ultra'],
		],
	],
	[SPACE_IDS.other]: [
		[
			'av_custom_trainer_b',
			'Trainer (custom)',
			'female',
			'gym',
			'vertical',
			['custom'],
			['standard'],
		],
	],
};

/** Avatar used by the seeded dashboard videos; it offers every model so all export rules are reachable. */
export const DASHBOARD_AVATAR_ID = 'av_emma_office';

export class Catalogue {
	private readonly systemVoices: Voice[];
	private readonly customVoices: Map<string, Voice[]>;
	private readonly systemAvatars: AvatarLook[];
	private readonly customAvatars: Map<string, AvatarLook[]>;

	constructor(private readonly storageUrl: string) {
		this.systemVoices = SYSTEM_VOICES.map((row) => this.voice(row));
		this.customVoices = mapRecord(CUSTOM_VOICES, (rows) => rows.map((row) => this.voice(row)));
		this.systemAvatars = SYSTEM_AVATARS.map((row) => this.avatar(row, true));
		this.customAvatars = mapRecord(CUSTOM_AVATARS, (rows) =>
			rows.map((row) => this.avatar(row, false)),
		);
	}

	voicesFor(spaceId: string): Voice[] {
		return [...this.systemVoices, ...(this.customVoices.get(spaceId) ?? [])];
	}

	avatarsFor(spaceId: string): AvatarLook[] {
		return [...this.systemAvatars, ...(this.customAvatars.get(spaceId) ?? [])];
	}

	findVoice(spaceId: string, id: string): Voice | undefined {
		return this.voicesFor(spaceId).find((voice) => voice.id === id);
	}

	findAvatar(spaceId: string, id: string): AvatarLook | undefined {
		return this.avatarsFor(spaceId).find((avatar) => avatar.id === id);
	}

	/** Storage serves previews of any voice or avatar, like a public CDN. */
	hasVoiceAnywhere(id: string): boolean {
		return this.allVoices().some((voice) => voice.id === id);
	}

	hasAvatarAnywhere(id: string): boolean {
		return this.allAvatars().some((avatar) => avatar.id === id);
	}

	private allVoices(): Voice[] {
		return [...this.systemVoices, ...[...this.customVoices.values()].flat()];
	}

	private allAvatars(): AvatarLook[] {
		return [...this.systemAvatars, ...[...this.customAvatars.values()].flat()];
	}

	private voice([id, name, language, accent, gender, tags]: VoiceRow): Voice {
		return {
			id,
			name,
			language,
			accent,
			gender,
			tags,
			preview: `${this.storageUrl}/previews/voices/${id}.mp3`,
		};
	}

	private avatar(
		[id, name, gender, place, format, tags, models]: AvatarRow,
		withPreview: boolean,
	): AvatarLook {
		return {
			id,
			name,
			gender,
			place,
			format,
			tags,
			thumbnail: `${this.storageUrl}/avatars/${id}/thumbnail.jpg`,
			// Custom avatars come without a video preview, as in the reference listing.
			...(withPreview ? { preview: `${this.storageUrl}/avatars/${id}/preview.mp4` } : {}),
			model_available: [...models],
		};
	}
}

function mapRecord<A, B>(record: Record<string, A>, map: (value: A) => B): Map<string, B> {
	return new Map(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
