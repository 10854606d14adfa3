import { pipeline, Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOfRequest } from '../../../platform/access';
import { generateOrderTags } from './tag-service';

/** Base64 of a byte stream as it flows: each chunk is cut at a multiple of 3 bytes. */
function base64Encoder(): Transform {
  let rest = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = Buffer.concat([rest, chunk]);
      const cut = bytes.length - (bytes.length % 3);
      rest = bytes.subarray(cut);
      done(null, bytes.subarray(0, cut).toString('base64'));
    },
    flush(done) {
      done(null, rest.length ? rest.toString('base64') : null);
    },
  });
}

/**
 * POST /order/generate-tag {data} (spec 7.4). The answer is the PDF as base64 text, with the name to
 * save it under in `x-file-name` (print-tags-{date}.pdf); a client that asks `Accept: application/pdf`
 * (the console does) gets the bytes as an attachment of that name. Only the bytes carry the
 * attachment header: base64 text saved under a `.pdf` name is no PDF. Either way it streams as the
 * labels are drawn.
 */
export async function registerOrderTagRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/order/generate-tag',
    { schema: { tags: ['order'], summary: 'The tags of the orders named, a PDF sorted by postal code' } },
    async (request, reply) => {
      const pdf = await generateOrderTags(contextOfRequest(request), request.body);
      const raw = (request.headers.accept ?? '').includes('application/pdf');
      if (raw)
        return reply.type('application/pdf').header('content-disposition', `attachment; filename="${pdf.fileName}"`).send(pdf.stream);
      return reply
        .type('text/plain; charset=utf-8')
        .header('x-file-name', pdf.fileName)
        .send(
          // pipeline: a PDF that fails midway ends the answer too, instead of leaving it open
          pipeline(pdf.stream, base64Encoder(), () => {}),
        );
    },
  );
}
