export function rawColours(css: string): { line: number; text: string }[];
