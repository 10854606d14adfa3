import { type ApiCaller, apiAs, baseUrl, linkInMail, owner, uniqueSuffix, waitForMail } from './browser';

/**
 * Users a journey starts from, made the way real users are made: sign-up over the API, the
 * verification link read from the mail the SMTP server received, and roles granted by the owner
 * (PUT /iam). Only the journey under test goes through the screens.
 */

export type E2eUser = { email: string; password: string; id: string };

let ownerApi: Promise<ApiCaller> | undefined;

/** The owner's API client, signed in once per test file. */
export function asOwner(): Promise<ApiCaller> {
  ownerApi ??= apiAs(owner().email, owner().password);
  return ownerApi;
}

/** The id of a predefined (or any) role by its exact name. */
export async function roleIdOf(name: string): Promise<string> {
  const api = await asOwner();
  const { rows } = await api<{ rows: { id: string; name: string }[] }>('GET', `/role?filter[name]=${encodeURIComponent(name)}&limit=50`);
  const found = rows.find((row) => row.name === name);
  if (!found) throw new Error(`role ${name} not found`);
  return found.id;
}

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${baseUrl()}/io/api/v1${path}`, {
    method: path.startsWith('/auth/verify-email') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** A verified user holding the given roles (none: the user waits on the empty-permissions page). */
export async function createUser(roles: string[] = [], prefix = 'user'): Promise<E2eUser> {
  const email = `${prefix}.${uniqueSuffix()}@e2e.test`;
  const password = 'Qwerty-e2e-7';
  const signUp = await post('/auth/sign-up', { email, password });
  if (!signUp.ok) throw new Error(`sign-up of ${email} failed: ${signUp.status} ${await signUp.text()}`);
  const token = (await signUp.json()) as string;
  const mail = await waitForMail(email);
  const verificationToken = new URL(linkInMail(mail, '/auth/verify-email')).searchParams.get('token');
  const verify = await post('/auth/verify-email', { token: verificationToken }, token);
  if (!verify.ok) throw new Error(`verification of ${email} failed: ${verify.status} ${await verify.text()}`);
  const me = (await (await fetch(`${baseUrl()}/io/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: string;
  };
  if (roles.length > 0) {
    const api = await asOwner();
    const roleIds = await Promise.all(roles.map(roleIdOf));
    await api('PUT', '/iam', { data: { id: me.id, roles: roleIds } });
  }
  return { email, password, id: me.id };
}
