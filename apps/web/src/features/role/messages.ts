import en from '@ebox/domain/i18n/en/permissions';
import ptBR from '@ebox/domain/i18n/pt-BR/permissions';
import { addFeatureMessages } from '../../app/i18n';

// Every permission's label and description (about 150 of each) are read only by the role screens:
// they come with them, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': [ptBR], en: [en] });
