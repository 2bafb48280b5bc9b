/** The organizations and marketplace the screen tests are about (uuids, as the database has them). */
export const ORG = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const OTHER_ORG = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const MARKETPLACE = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
