import type { Redis } from 'ioredis';
import type { WorkerBeat, WorkerBeatStore } from '../../services/jobQueue';

/**
 * Heartbeats in Redis: one key per worker that expires by itself (a killed worker just vanishes),
 * plus a set of ids to list them without scanning; ids whose key has expired are dropped from it.
 */
export class RedisWorkerBeats implements WorkerBeatStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(id: string) {
    return `${this.prefix}:workers:${id}`;
  }

  private get index() {
    return `${this.prefix}:workers`;
  }

  async beat(beat: WorkerBeat, ttlMs: number): Promise<void> {
    await this.redis
      .multi()
      .set(this.key(beat.id), JSON.stringify(beat), 'PX', ttlMs)
      .sadd(this.index, beat.id)
      .exec();
  }

  async remove(id: string): Promise<void> {
    await this.redis.multi().del(this.key(id)).srem(this.index, id).exec();
  }

  async live(): Promise<WorkerBeat[]> {
    const ids = await this.redis.smembers(this.index);
    if (!ids.length) return [];
    const values = await this.redis.mget(ids.map((id) => this.key(id)));
    const gone = ids.filter((_, i) => values[i] === null);
    if (gone.length) await this.redis.srem(this.index, ...gone);
    return values
      .filter((v): v is string => v !== null)
      .map((v) => JSON.parse(v) as WorkerBeat)
      .sort((a, b) => a.startedAt - b.startedAt);
  }
}
