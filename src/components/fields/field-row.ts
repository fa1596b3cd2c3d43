// Whole class names, so that Tailwind finds them here (kit.css defines them).

/** Fields side by side that wrap onto another line before their labels, values or placeholders are cut. */
export const fieldRowClass = 'field-row';

/** A field in a field row that needs twice the room: a search with a long placeholder, a long choice. */
export const wideFieldClass = 'field-wide';
