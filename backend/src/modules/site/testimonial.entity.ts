import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A customer testimonial (staff-side.md §3 "testimonials"); rating 1-5. */
@Entity({ name: 'testimonials' })
@Check('CHK_testimonials_rating', `"rating" BETWEEN 1 AND 5`)
@Index('UQ_testimonials_name_content', ['name', 'content'], { unique: true })
export class TestimonialRecord {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  role!: string | null;

  @Column({ type: 'text', nullable: true })
  company!: string | null;

  @Column({ type: 'text' })
  content!: string;

  @Column({ type: 'integer' })
  rating!: number;

  @Column({ type: 'text', nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  location!: string | null;

  @Column({ type: 'text', nullable: true })
  serviceCategory!: string | null;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ type: 'boolean', default: true })
  published!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
