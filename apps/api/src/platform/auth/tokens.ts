import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type TokenClaims = { sub: string; tv: number };

const DAY = 24 * 60 * 60;

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, rememberMe = false): Promise<string> {
      return new SignJWT({ tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + (rememberMe ? 30 : 7) * DAY)
        .sign(key);
    },
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        return { sub: payload.sub, tv: typeof payload.tv === 'number' ? payload.tv : 0 };
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
