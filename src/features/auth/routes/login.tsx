// `/login` is the same page as `/auth`; only the route name differs.
export { default } from './sign-in';
