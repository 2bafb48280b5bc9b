import type { UseMutationOptions } from '@tanstack/react-query';

/** Where a code or link goes: an e-mail address or a phone number in E.164. */
export type CodeTarget = { email: string } | { phone: string };

/** The steps of the sign-in view (components/sign-in-view.tsx). */
export type Step =
  | { kind: 'sign-in' }
  | { kind: 'sign-up' }
  | { kind: 'code'; target: CodeTarget }
  | { kind: 'check-email'; email: string }
  | { kind: 'mfa' };

/** What a screen adds to an auth mutation hook: its own next step. */
export type AuthMutationCallbacks<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError'
>;
