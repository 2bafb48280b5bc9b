export const FEATURE_FOLDERS: string[];
export const FEATURE_FILES: string[];
export const KEBAB_ROOTS: string[];
export function featureProblems(root: string): string[];
export function namingProblems(root: string): string[];
export type ImportEdge = { to: string; specifier: string; line: number };
export function importGraph(root: string): Map<string, ImportEdge[]>;
export function cycleProblems(root: string): string[];
