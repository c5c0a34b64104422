import { useState } from 'react';
import { uploadToTarget } from '../../../app/uploadToTarget';
import { useUserUploadTargetMutation } from './importApi';

/** The zip's name in the user's folder: unique per upload, without characters keys refuse. */
const uploadName = (file: File) => `imports/${Date.now()}-${file.name.replace(/[^\w.-]+/g, '_')}`;

/**
 * A zip to import, put in the user's own storage folder once: asked again for the same file it
 * answers the key it has (a dry run then the real import upload once), for another file it
 * uploads that one. `fraction` is the upload's progress while it runs, else null.
 */
export function useZipUpload() {
  const [getTarget] = useUserUploadTargetMutation();
  const [uploaded, setUploaded] = useState<{ key: string; file: File } | null>(null);
  const [fraction, setFraction] = useState<number | null>(null);

  const upload = async (file: File): Promise<string> => {
    if (uploaded?.file === file) return uploaded.key;
    setFraction(0);
    try {
      const target = await getTarget({ fileName: uploadName(file), contentType: 'application/zip' }).unwrap();
      await uploadToTarget(target, file, setFraction);
      setUploaded({ key: target.key, file });
      return target.key;
    } finally {
      setFraction(null);
    }
  };

  return { upload, uploaded, fraction, forget: () => setUploaded(null) };
}
