// `/login` is the same page as `/auth` (spec §2); only the route name differs.
export { default } from './sign-in';
