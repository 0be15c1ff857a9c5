import { Code } from '../../api/envelope';
import { imageMessages } from '../../api/image.contract';
import { checkImage, type ImageInfo } from '../adapters/images';
import { ApiError } from '../http/envelope';

/**
 * The uploaded picture at `file`, checked by content, or a refusal that says what is wrong with it:
 * `notImage` (the upload's own message) when it is no picture, else too large or damaged.
 */
export async function requireImage(file: string, notImage: string): Promise<ImageInfo> {
  const check = await checkImage(file);
  switch (check.kind) {
    case 'image':
      return check.info;
    case 'not_image':
      throw new ApiError(Code.badRequest, notImage);
    case 'too_large':
      throw new ApiError(Code.badRequest, imageMessages.tooLarge(check.width, check.height));
    case 'damaged':
      throw new ApiError(Code.badRequest, imageMessages.damaged);
  }
}
