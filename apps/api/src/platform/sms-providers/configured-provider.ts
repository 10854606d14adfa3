import type { SMS_GATEWAYS } from '@ebox/domain';
import type { SmsSettings } from '../../config';
import type { SmsProvider } from '../sms';
import { createSinchProvider } from './sinch';
import { createSnsProvider } from './sns';

export type SmsGateway = (typeof SMS_GATEWAYS)[number];

/**
 * Every gateway whose settings are present, by the name a company picks it with
 * (companySettings.smsGateway: AWS or SINCH), and the one SMS_PROVIDER names as the default: for
 * messages no company chooses for (password resets) and companies that chose none. No default:
 * those SMS stay in the outbox for an administrator.
 */
export type SmsProviders = { default?: SmsProvider; byGateway: Partial<Record<SmsGateway, SmsProvider>> };

export function createSmsProviders(settings: SmsSettings | undefined): SmsProviders {
  const byGateway: SmsProviders['byGateway'] = {};
  if (settings?.sns) byGateway.AWS = createSnsProvider(settings.sns);
  if (settings?.sinch) byGateway.SINCH = createSinchProvider(settings.sinch);
  const defaultGateway = settings?.provider === 'sns' ? 'AWS' : settings?.provider === 'sinch' ? 'SINCH' : undefined;
  return { default: defaultGateway && byGateway[defaultGateway], byGateway };
}

/** The provider SMS_PROVIDER names, or none (SMS then stays in the outbox for an administrator). */
export function createConfiguredSmsProvider(settings: SmsSettings | undefined): SmsProvider | undefined {
  return createSmsProviders(settings).default;
}
