import en from 'virtual:ebox-messages/role-descriptions/en';
import ptBR from 'virtual:ebox-messages/role-descriptions/pt-BR';
import { addFeatureMessages } from '../../app/i18n';

// The predefined roles' descriptions are read on the role and user screens only: they come with them (issue 8's budget).
addFeatureMessages({ 'pt-BR': [ptBR], en: [en] });
