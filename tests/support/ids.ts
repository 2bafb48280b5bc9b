/** The ids unit tests share: the signed-in user's organization, another one, and a marketplace. */
export const ORG = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const OTHER_ORG = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const MARKETPLACE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
