import { inboundScreenAreas as en } from '@ebox/domain/i18n/en/inbound-screens';
import { inboundScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/inbound-screens';
import { addFeatureMessages } from '../../app/i18n';

// The inbound screens' words come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
