import { messageScreenAreas as en } from '@ebox/domain/i18n/en/message-screens';
import { messageScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/message-screens';
import { addFeatureMessages } from '../../app/i18n';

// The message screens' words come with them (the order page, the message log), not with every signed-in screen.
addFeatureMessages({ 'pt-BR': ptBR, en });
