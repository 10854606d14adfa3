import { paymentGateway } from '@ebox/domain/entities/payment-gateway';
import type { EntityPolicy } from '../../platform/entity-rules';
import { sealSecretFields } from '../../platform/secret-box';

/** A gateway account's access token and notification secret are sealed as a bot's are. */
export const paymentGatewayPolicy: EntityPolicy = {
  beforeWrite(ctx, change) {
    sealSecretFields(ctx.deps.config.secretsKey, paymentGateway.fields, change);
  },
};
