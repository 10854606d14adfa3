/**
 * The template editor's words (message templates and QR-code templates: variables, live preview,
 * SMS counter): the console loads them with those forms (apps/web/src/features/ccm/messages.ts).
 */
export const templateScreenAreas = [
  {
    templateEditor: {
      variables: {
        title: 'Variables',
        hint: 'Click one to insert it where the cursor is.',
        names: {
          order: {
            trackingCode: 'Tracking code',
            referenceNumber: 'Reference number',
            type: 'Order type',
            status: 'Order status',
            compartimentNumber: 'Compartment number',
            overdueDate: 'Pick-up deadline',
          },
          customer: { name: "Customer's name", email: "Customer's email", phone: "Customer's phone" },
          locker: { name: 'Locker', address: "Locker's address", workingHours: "Locker's opening hours" },
          company: { name: 'Company' },
          accessCode: 'Access code',
          qrCodeUrl: 'QR-code link',
        },
      },
      preview: {
        title: 'Preview with a sample order',
        loading: 'Preparing the preview…',
        empty: 'Write the content to see it here.',
        notCompiled: 'The preview comes back once the content compiles.',
        failed: 'The sample order does not render: {{reason}}',
        subject: 'Subject',
        noSubject: '(no subject)',
        pushTitle: 'Title',
        renderedCount: 'With the sample order: {{counter}}',
      },
      whatsapp: {
        chatLabel: 'The message as WhatsApp shows it',
        templateName: 'Template approved by Meta: {{name}}',
        noTemplateName: 'Fill in the subject with the name of the template Meta approved.',
        parametersTitle: "The template's parameters, in order",
        parametersHint: "WhatsApp sends Meta's approved text; each variable of the content becomes a parameter, in the order it appears.",
        noParameters: 'No parameters: the content has no variable outside a block.',
        time: '10:42',
      },
      sms: {
        characters_zero: '0 characters',
        characters_one: '{{count}} character',
        characters_other: '{{count}} characters',
        segments_zero: '0 segments',
        segments_one: '{{count}} segment',
        segments_other: '{{count}} segments',
        perSegment: '{{count}} per segment',
        countsTyped:
          'Counts the text as written, where each brace of a variable counts 2 characters; the preview counts the message with the sample order.',
        forcedBy: 'These characters send the SMS as UCS-2, 70 characters per segment:',
        replace: 'Replace accented characters',
        replaceHint: 'Several Brazilian carriers do not deliver accents or Unicode: the plain letters always arrive.',
        replaced: 'Accented characters replaced',
      },
      qrcode: {
        frameTitle: 'QR code page in {{language}}',
      },
    },
  },
];
