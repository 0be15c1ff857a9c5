import { expose } from 'comlink';
import { pdfThumbnailsApi } from './pdfThumbnailsApi';

// The file's bytes came in transferred; thumbnails go back as Blobs through the caller's callback.
expose(pdfThumbnailsApi);
