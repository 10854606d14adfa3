import type { SmsSettings } from '../../config';
import type { SmsProvider } from '../sms';
import { createSinchProvider } from './sinch';
import { createSnsProvider } from './sns';

/**
 * The provider SMS_PROVIDER names, or none (SMS then stays in the outbox for an administrator).
 *
 * One provider serves the whole console today. The spec lets each company pick its gateway
 * (companySettings.smsGateway: AWS or Sinch); that choice plugs in here: a function of the company
 * (its settings, falling back to this configured provider) returning the provider, called by the
 * sender with the company the message is about.
 */
export function createConfiguredSmsProvider(settings: SmsSettings | undefined): SmsProvider | undefined {
  switch (settings?.provider) {
    case 'sns':
      return createSnsProvider(settings.sns);
    case 'sinch':
      return createSinchProvider(settings.sinch);
    default:
      return undefined;
  }
}
