import { botMessageScreenAreas as en } from '@ebox/domain/i18n/en/bot-message-screens';
import { botMessageScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/bot-message-screens';
import { addFeatureMessages } from '../../app/i18n';

// The bot messages screens' words come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
