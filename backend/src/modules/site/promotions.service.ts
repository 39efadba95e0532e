import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Promotion } from '@ironclad/contracts';
import { PromotionRecord } from './promotion.entity.js';

/** Promotions as data (decisions.md §7). */
@Injectable()
export class PromotionsService {
  constructor(@InjectRepository(PromotionRecord) private readonly repo: Repository<PromotionRecord>) {}

  /**
   * The promotion valid on `today` (UTC date, inclusive of its last day), or null. When several
   * are valid, the largest percent wins.
   */
  async active(today: Date = new Date()): Promise<Promotion | null> {
    const day = today.toISOString().slice(0, 10);
    const row = await this.repo
      .createQueryBuilder('p')
      .where('p.isActive = true AND p.validUntil >= :day', { day })
      .orderBy('p.percent', 'DESC')
      .addOrderBy('p.id', 'ASC')
      .getOne();
    return row ? { code: row.code, percent: row.percent, validUntil: row.validUntil, bannerText: row.bannerText } : null;
  }
}
