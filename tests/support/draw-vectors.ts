/**
 * A draw worked out apart from the code under test, with coreutils: four entry ids, the commitment
 * (`printf '%s\n%s\n%s\n%s' <ids sorted> | sha256sum`) and a seed whose ranking
 * (`printf '%s' "$SEED:$ID" | sha256sum`, sorted) is B, A, D, C.
 */
export const A = '0b8f2a6e-3c1d-4e5f-8a9b-0c1d2e3f4a5b';
export const B = '7a3e9c4d-1b2f-4c6d-9e8f-1a2b3c4d5e6f';
export const C = 'f1e2d3c4-b5a6-4978-8a69-5b4c3d2e1f00';
export const D = '3d4c5b6a-7988-4a6b-9c5d-4e3f2a1b0c9d';
export const COMMITMENT = 'e56a807801f79cbe9e1853e16dcd5e53aa1f70ecd5b734f15c2d0ab88e3a6e6d';
export const SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
