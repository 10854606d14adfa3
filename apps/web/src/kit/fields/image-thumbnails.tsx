import type { FileRef } from '@ebox/domain';
import { Image, Space } from 'antd';

/**
 * An image field's pictures, each opening the preview (FieldDisplay). Loaded when a record shows
 * one: antd's Image and its preview (about 12 kB compressed) are no part of a list's first screen.
 */
export default function ImageThumbnails({ files, size }: { files: FileRef[]; size: number }) {
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {files.map((file) => (
          <Image
            key={file.id ?? file.publicUrl}
            src={file.publicUrl}
            alt={file.name}
            width={size}
            height={size}
            style={{ objectFit: 'cover' }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
