import { z } from 'zod';
import { passwordFormSchema } from '../model/account';

/** GET /api/v1/user/profile: the signed-in user, with the roles that decide the routes. */
export const profileEndpoint = { method: 'GET', path: '/api/v1/user/profile' } as const;
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
export const passwordEndpoint = { method: 'POST', path: '/api/v1/user/pwdset' } as const;
export const passwordRequest = passwordFormSchema;
export type PasswordRequest = z.infer<typeof passwordRequest>;

/** POST /api/v1/user/avatar: multipart, file field `file`; data is the new avatar URL. */
export const avatarEndpoint = { method: 'POST', path: '/api/v1/user/avatar', fileField: 'file' } as const;
