/** The API's refusals of customer messages and QR codes (issue 27): the browser shows the API's words. */
export default {
  errors: {
    communicationNotSent: 'Communication not sent',
    messageResentTooSoon: 'This message was sent less than a minute ago. Try again in {{seconds}} s',
    qrCodeUnavailable: 'This order has no access code that opens its locker now, so it has no QR code',
    qrCodeTemplateMissing: 'The company has no enabled QR-code template of type {{type}}',
    qrCodeLinkInvalid: 'This QR-code link is not valid',
    qrCodeLinkExpired: 'This QR-code link has expired',
    pushTokenInvalid: 'This is not a push registration token (FCM tokens are letters, digits and - _ : .)',
    customerDeviceNotFound: 'This device is not registered for this customer',
  },
};
