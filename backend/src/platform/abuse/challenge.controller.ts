import { Controller, Get, Header } from '@nestjs/common';
import type { AltchaChallenge } from '@ironclad/contracts';
import { Public } from '../http/auth/public.decorator.js';
import { ChallengeService } from './challenge.service.js';

@Controller('api/challenge')
export class ChallengeController {
  constructor(private readonly challenges: ChallengeService) {}

  /**
   * GET /api/challenge: a fresh ALTCHA proof-of-work challenge (PoW v2, PBKDF2/SHA-256, signed,
   * valid 10 minutes) for the `<altcha-widget>` of the public forms. 200 `AltchaChallenge`, never cached.
   */
  @Public()
  @Get()
  @Header('Cache-Control', 'no-store')
  async create(): Promise<AltchaChallenge> {
    return (await this.challenges.create()) as AltchaChallenge;
  }
}
