/** The API's refusals of customer messages and QR codes (issue 27): the browser shows the API's words. */
export default {
  errors: {
    communicationNotSent: 'Comunicação não enviada',
    messageResentTooSoon: 'Esta mensagem foi enviada há menos de um minuto. Tente de novo em {{seconds}} s',
    qrCodeUnavailable: 'Este pedido não tem um código de acesso que abra o armário agora, então não tem QR code',
    qrCodeTemplateMissing: 'A empresa não tem um modelo de QR code habilitado do tipo {{type}}',
    qrCodeLinkInvalid: 'Este link de QR code não é válido',
    qrCodeLinkExpired: 'Este link de QR code expirou',
    pushTokenInvalid: 'Isto não é um token de registro de push (os tokens do FCM têm letras, números e - _ : .)',
    customerDeviceNotFound: 'Este dispositivo não está registrado para este cliente',
  },
};
