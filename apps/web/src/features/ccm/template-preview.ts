import { LANGUAGES, type Language, type MessageTrigger, restrictMessageValues, sampleMessageValues } from '@ebox/domain';
import type { HandlebarsProblem } from '@ebox/domain/entities/qrcode-template';
import { templateProblemOf } from '@ebox/domain/template-problems';
import { useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '../../kit/fields/use-debounced-value';
import { type ProgramNode, parameterPathsOf, renderTemplate } from './render-template';

type Handlebars = typeof import('handlebars');

let loading: Promise<Handlebars> | undefined;

/** handlebars loads with the first template form, never with a list's first screen (e2e/first-screen.test.ts). */
function loadHandlebars(): Promise<Handlebars> {
  loading ??= import('handlebars').then((module) => module.default);
  return loading;
}

export type RenderedSample = {
  body: string;
  subject?: string;
  /** WhatsApp: the values sent as the approved template's parameters {{1}}, {{2}}…, in order. */
  parameters: { placeholder: string; path: string; value: string }[];
};

export type TemplatePreview =
  | { state: 'loading' }
  | { state: 'empty' }
  | { state: 'invalid'; field: 'content' | 'subject'; problem: HandlebarsProblem }
  | { state: 'failed'; reason: string }
  | { state: 'ready'; byLanguage: Record<Language, RenderedSample> };

export type PreviewInput = {
  content: string;
  /** Rendered too (an e-mail's subject, a push title); the WhatsApp template name is not a template. */
  subject?: string;
  /** The trigger (a QR-code template's type): values outside its variables render empty, as the API sends them. */
  trigger?: string;
  /** An HTML page (QR code): `{{x}}` is HTML-escaped; a message is plain text, sent trimmed. */
  isHtml?: boolean;
};

function sampleOf(handlebars: Handlebars, language: Language, input: PreviewInput): RenderedSample {
  const sample = sampleMessageValues(language);
  const values = input.trigger ? restrictMessageValues(sample, input.trigger as MessageTrigger) : sample;
  const options = { isEscaped: Boolean(input.isHtml), escape: handlebars.Utils.escapeExpression };
  const render = (source: string) => {
    const text = renderTemplate(handlebars.parse(source) as unknown as ProgramNode, values, options);
    return input.isHtml ? text : text.trim();
  };
  const program = handlebars.parse(input.content) as unknown as ProgramNode;
  return {
    body: render(input.content),
    subject: input.subject ? render(input.subject) : undefined,
    parameters: parameterPathsOf(program).map((path, index) => ({ placeholder: `{{${index + 1}}}`, path, value: render(`{{${path}}}`) })),
  };
}

/** The sample order rendered in each language, or why it cannot be (the API's own words for a refusal). */
export function previewTemplate(handlebars: Handlebars, input: PreviewInput): TemplatePreview {
  if (!input.content.trim()) return { state: 'empty' };
  const contentProblem = templateProblemOf(input.content, handlebars.parse);
  if (contentProblem) return { state: 'invalid', field: 'content', problem: contentProblem };
  const subjectProblem = input.subject ? templateProblemOf(input.subject, handlebars.parse) : undefined;
  if (subjectProblem) return { state: 'invalid', field: 'subject', problem: subjectProblem };
  try {
    const byLanguage = Object.fromEntries(LANGUAGES.map((language) => [language, sampleOf(handlebars, language, input)]));
    return { state: 'ready', byLanguage: byLanguage as Record<Language, RenderedSample> };
  } catch (error) {
    return { state: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The preview of what is being typed, once the typing pauses. */
export function useTemplatePreview(input: PreviewInput): TemplatePreview {
  const content = useDebouncedValue(input.content, 250);
  const subject = useDebouncedValue(input.subject, 250);
  const { trigger, isHtml } = input;
  const [handlebars, setHandlebars] = useState<Handlebars>();
  const [loadError, setLoadError] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    loadHandlebars().then(
      (loaded) => isCurrent && setHandlebars(loaded),
      (error: unknown) => isCurrent && setLoadError(String(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return useMemo<TemplatePreview>(() => {
    if (loadError) return { state: 'failed', reason: loadError };
    if (!handlebars) return { state: 'loading' };
    return previewTemplate(handlebars, { content, subject, trigger, isHtml });
  }, [handlebars, loadError, content, subject, trigger, isHtml]);
}
