import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { sub: string; tv: number };
/** What a verified session token says: its user and version, and what sign-out needs to end it. */
export type VerifiedToken = TokenClaims & { jti: string; expiresAt: Date };

const DAY = 24 * 60 * 60;

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, rememberMe = false): Promise<string> {
      return new SignJWT({ tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + (rememberMe ? 30 : 7) * DAY)
        .sign(key);
    },
    /**
     * A token that never expires, that sign-out could not end (no id), or without its version (a
     * password change or sign-out everywhere could not end it) is no session.
     */
    async verify(token: string): Promise<VerifiedToken | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp', 'jti', 'tv'] });
        if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
        if (typeof payload.tv !== 'number' || !Number.isInteger(payload.tv)) return null;
        return {
          sub: payload.sub,
          tv: payload.tv,
          jti: payload.jti,
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

/** One-time tokens (email verification, password reset): the link carries the token, the DB its hash. */
export function createOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
