import en from 'virtual:ebox-messages/form-hints/en';
import ptBR from 'virtual:ebox-messages/form-hints/pt-BR';
import { addFeatureMessages } from '../../app/i18n';

// The fields' hints are read on a form only: they come with it, not with every signed-in screen (issue 8's budget).
addFeatureMessages({ 'pt-BR': [ptBR], en: [en] });
