import type { ProfileData } from '../../../../src/api/user.contract';

/** What GET /api/v1/user/profile answers for the demo editor with `points` (accountApi.profile fakes). */
export function profileAnswer(points: number, nickname = '') {
  const data: ProfileData = {
    roles: ['editor'],
    quanxian: [],
    introduction: '',
    user: { userId: 1, username: 'demo', nickname, avatar: '', points },
  };
  return { code: 200, msg: 'ok', data };
}
