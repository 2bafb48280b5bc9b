export const FEATURE_FOLDERS: string[];
export const FEATURE_FILES: string[];
export const KEBAB_ROOTS: string[];
export function featureProblems(root: string): string[];
export function namingProblems(root: string): string[];
