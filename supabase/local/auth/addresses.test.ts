/**
 * E-mail addresses and phone numbers are checked as GoTrue checks them, at every endpoint that takes
 * one: markup, doubled dots, hyphen-edged labels and trailing SQL are refused with 400
 * validation_failed before any lookup or e-mail.
 */
import { SERVICE_ROLE_KEY } from '../keys.ts';
import { signedInUser, STRONG_PASSWORD, uniqueEmail } from '../testing/auth-helpers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { isValidEmail, isValidPhone, parseEmail, parsePhone } from './addresses.ts';
import { AuthError } from './errors.ts';

const BAD_EMAILS = ['x@y..no', 'x@-evil-.no', '"><script>alert(1)</script>@x.no'];
const BAD_PHONE = '+47 999 99 999; drop table';
const EMAIL_FORMAT = 'Unable to validate email address: invalid format';
const PHONE_FORMAT = 'Invalid phone number format (E.164 required)';

function failure(run: () => unknown): { status: number; code: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return { status: error.status, code: error.errorCode, message: error.message };
  }
}

describe('parseEmail', () => {
  it.each([
    ...BAD_EMAILS,
    ' ola@example.com',
    'ola@example.com ',
    'ola@',
    '@example.com',
    'ola@exa_mple.com',
  ])('refuses %j like GoTrue', (email) => {
    expect(isValidEmail(email)).toBe(false);
    expect(failure(() => parseEmail(email))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: EMAIL_FORMAT,
    });
  });

  it('refuses an empty and an over-long address with GoTrue’s messages', () => {
    expect(failure(() => parseEmail(''))?.message).toBe('An email address is required');
    const long = `${'a'.repeat(251)}@x.no`;
    expect(failure(() => parseEmail(long))?.message).toBe('An email address is too long');
  });

  it.each([
    ['ola@fjordror.no', 'ola@fjordror.no'],
    ['Ola.Nordmann+leads@Fjordror.NO', 'ola.nordmann+leads@fjordror.no'],
    ["o'brien@example.com", "o'brien@example.com"],
    ['kari@sub.domain-with-hyphen.no', 'kari@sub.domain-with-hyphen.no'],
    ['x@localhost', 'x@localhost'],
  ])('accepts %j as %j', (email, stored) => {
    expect(isValidEmail(email)).toBe(true);
    expect(parseEmail(email)).toBe(stored);
  });
});

describe('parsePhone', () => {
  it.each([
    BAD_PHONE,
    '+47-999-99-999',
    '(+47) 99999999',
    '0047 99999999',
    '+1',
    '+12345678901234567',
    '47 999\t99999',
  ])('refuses %j like GoTrue', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
    expect(failure(() => parsePhone(phone))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: PHONE_FORMAT,
    });
  });

  it.each([
    ['+47 999 99 999', '4799999999'],
    ['+4799999999', '4799999999'],
    ['4799999999', '4799999999'],
    ['+1 202 555 0142', '12025550142'],
  ])('accepts %j as %j', (phone, stored) => {
    expect(isValidPhone(phone)).toBe(true);
    expect(parsePhone(phone)).toBe(stored);
  });
});

describe('every endpoint that takes an address', () => {
  let platform: TestPlatform;
  let userToken: string;
  let userId: string;
  let existing: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    const user = await signedInUser(platform, 'addresses');
    userToken = user.session.access_token;
    userId = user.user.id;
    existing = user.email;
  });
  afterAll(async () => {
    await platform.stop();
  });

  const admin = { Authorization: `Bearer ${SERVICE_ROLE_KEY}` };

  async function call(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${platform.url}/auth/v1${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const payload = (await response.json()) as { error_code?: string; msg?: string };
    return { status: response.status, code: payload.error_code, msg: payload.msg };
  }

  type Endpoint = [name: string, send: (address: string) => Promise<Awaited<ReturnType<typeof call>>>];

  const emailEndpoints: Endpoint[] = [
    ['signup', (email) => call('POST', '/signup', { email, password: STRONG_PASSWORD })],
    ['otp', (email) => call('POST', '/otp', { email })],
    ['magiclink', (email) => call('POST', '/magiclink', { email })],
    ['recover', (email) => call('POST', '/recover', { email })],
    ['resend', (email) => call('POST', '/resend', { type: 'signup', email })],
    ['user PUT', (email) => call('PUT', '/user', { email }, { Authorization: `Bearer ${userToken}` })],
    ['admin create', (email) => call('POST', '/admin/users', { email }, admin)],
    ['admin update', (email) => call('PUT', `/admin/users/${userId}`, { email }, admin)],
    ['generate_link', (email) => call('POST', '/admin/generate_link', { type: 'magiclink', email }, admin)],
    [
      'generate_link new_email',
      (email) =>
        call(
          'POST',
          '/admin/generate_link',
          { type: 'email_change_new', email: existing, new_email: email },
          admin,
        ),
    ],
  ];

  const phoneEndpoints: Endpoint[] = [
    ['signup', (phone) => call('POST', '/signup', { phone, password: STRONG_PASSWORD })],
    ['otp', (phone) => call('POST', '/otp', { phone })],
    ['resend', (phone) => call('POST', '/resend', { type: 'sms', phone })],
    ['user PUT', (phone) => call('PUT', '/user', { phone }, { Authorization: `Bearer ${userToken}` })],
    ['admin create', (phone) => call('POST', '/admin/users', { phone }, admin)],
    ['admin update', (phone) => call('PUT', `/admin/users/${userId}`, { phone }, admin)],
    ['verify', (phone) => call('POST', '/verify', { type: 'sms', phone, token: '123456' })],
  ];

  describe.each(BAD_EMAILS)('e-mail %j', (email) => {
    it.each(emailEndpoints)('%s → 400 validation_failed', async (_name, send) => {
      expect(await send(email)).toEqual({ status: 400, code: 'validation_failed', msg: EMAIL_FORMAT });
    });

    it('verify → 422 validation_failed, as GoTrue answers a code for a malformed address', async () => {
      expect(await call('POST', '/verify', { type: 'email', email, token: '123456' })).toEqual({
        status: 422,
        code: 'validation_failed',
        msg: 'Invalid email format',
      });
    });

    it('password sign-in → invalid_credentials, as no account can have that address', async () => {
      expect(await call('POST', '/token?grant_type=password', { email, password: STRONG_PASSWORD })).toEqual({
        status: 400,
        code: 'invalid_credentials',
        msg: 'Invalid login credentials',
      });
    });
  });

  describe(`phone ${JSON.stringify(BAD_PHONE)}`, () => {
    it.each(phoneEndpoints)('%s → 400 validation_failed', async (_name, send) => {
      expect(await send(BAD_PHONE)).toEqual({ status: 400, code: 'validation_failed', msg: PHONE_FORMAT });
    });

    it('password sign-in → invalid_credentials', async () => {
      const answer = await call('POST', '/token?grant_type=password', { phone: BAD_PHONE, password: 'x' });
      expect(answer.code).toBe('invalid_credentials');
    });
  });

  it('well-formed addresses pass the same endpoints', async () => {
    const email = uniqueEmail('Valid.Name+tag');
    const signup = await call('POST', '/signup', { email, password: STRONG_PASSWORD });
    expect(signup.status).toBe(200);
    expect((await call('POST', '/recover', { email })).status).toBe(200);
    const phone = await call('POST', '/admin/users', { phone: '+47 912 34 567' }, admin);
    expect(phone.status).toBe(200);
    const signIn = await call('POST', '/token?grant_type=password', {
      email: existing,
      password: STRONG_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const upper = await call('POST', '/token?grant_type=password', {
      email: existing.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(upper.status).toBe(200);
  });
});
