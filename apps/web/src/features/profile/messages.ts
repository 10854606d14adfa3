import { profileScreenAreas as en } from '@ebox/domain/i18n/en/profile-screens';
import { profileScreenAreas as ptBR } from '@ebox/domain/i18n/pt-BR/profile-screens';
import { addFeatureMessages } from '../../app/i18n';

// The profile's mail switches bring their words with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': ptBR, en });
