import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RoleName } from '@realty/contracts';

/** A role (spec 01 §6): super_admin, admin, employee, manager, user. */
@Entity('roles')
export class Role {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32, unique: true })
  name: RoleName;

  /** Human title in Russian, e.g. 'Администратор'. */
  @Column({ type: 'varchar', length: 100 })
  title: string;
}
