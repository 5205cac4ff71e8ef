/**
 * The class of a card's title link (or button) whose clickable area stretches over the whole card (the
 * card is `relative group`; other controls on it are `relative z-10`): a card opens wherever it is tapped.
 */
export const STRETCHED_LINK = 'after:absolute after:inset-0 after:rounded-2xl after:content-[""] focus-visible:outline-none group-hover:text-sky-700';
