import { z } from 'zod';
import { passwordFormSchema } from '../model/account';
import { defineEndpoint, defineUpload, envelopeOf, noFields } from './endpoint';

/** GET /api/v1/user/profile: the signed-in user, with the roles that decide the routes. */
export const profileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/v1/user/profile',
  request: noFields,
  response: envelopeOf<ProfileData>(),
});
export interface ProfileData {
  roles: string[];
  quanxian: string[];
  introduction: string;
  user: {
    userId: number;
    username: string;
    nickname: string;
    /** URL of the avatar picture, or '' when none was uploaded (the client shows a placeholder). */
    avatar: string;
    points: number;
  };
}

/** POST /api/v1/user/pwdset: change the password (rules of spec section 5, checked on both sides). */
export const passwordRequest = passwordFormSchema;
export const passwordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/v1/user/pwdset',
  request: passwordRequest,
  response: envelopeOf<null>(),
});
export type PasswordRequest = z.infer<typeof passwordRequest>;

/** POST /api/v1/user/avatar: multipart, file field `file`; data is the new avatar URL. */
export const avatarEndpoint = defineUpload({
  method: 'POST',
  path: '/api/v1/user/avatar',
  fileField: 'file',
  fields: z.object({}),
  response: envelopeOf<string>(),
});
