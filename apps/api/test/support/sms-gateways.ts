import {
  type ProviderSandboxOptions,
  type SandboxAnswer,
  type SandboxRequest,
  sinchError,
  snsError,
  snsPublishResponse,
  startProviderSandbox,
} from '@ebox/provider-sandbox';

/**
 * One SMS gateway of the provider sandbox (apps/provider-sandbox), as the SMS tests use it: the
 * providers run exactly as in production (the official SDK, its signing and error parsing) against
 * the sandbox, pointed at it by SNS_ENDPOINT and SINCH_BASE_URL with the credentials given here.
 */
export type GatewayRequest = SandboxRequest;
export type GatewayAnswer = SandboxAnswer;

export type FakeGateway = {
  url: string;
  /** Every request that reached the gateway, refused or not. */
  readonly requests: GatewayRequest[];
  /** The answer to the next request (then back to success). */
  answerNext(answer: GatewayAnswer): void;
  close(): Promise<void>;
};

export { sinchError, snsError, snsPublishResponse };

async function startGateway(provider: 'sns' | 'sinch', credentials: ProviderSandboxOptions['credentials']): Promise<FakeGateway> {
  const sandbox = await startProviderSandbox({ credentials });
  return {
    url: sandbox.url,
    get requests() {
      return sandbox.requests(provider);
    },
    answerNext: (answer) => sandbox.failNext(provider, { status: answer.status, body: answer.body }),
    close: () => sandbox.close(),
  };
}

/** AWS SNS's Query API, accepting requests signed (SigV4) with these keys. */
export const startFakeSns = (credentials?: { accessKeyId: string; secretAccessKey: string; region?: string }) =>
  startGateway('sns', { sns: credentials });

/** Sinch's XMS API, accepting this service plan and API token. */
export const startFakeSinch = (credentials?: { servicePlanId: string; apiToken: string }) => startGateway('sinch', { sinch: credentials });

/** The form parameters of a Query-protocol request. */
export function queryParamsOf(request: GatewayRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body));
}
