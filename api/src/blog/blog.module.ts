import { Module } from '@nestjs/common';
import { LocalFileStorage } from '@realty/db';
import { BlogDeskController } from './blog-desk.controller';
import { BlogDeskRepository } from './blog-desk.repository';
import { BlogDeskService } from './blog-desk.service';
import { BlogController } from './blog.controller';
import { BLOG_FILE_STORAGE, BlogService } from './blog.service';

/** Public news and articles API (spec 01 §7): categories, posts, article, related; the staff blog desk (issue 23, spec 02 §7 Blog). */
@Module({
  controllers: [BlogDeskController, BlogController],
  providers: [BlogService, BlogDeskService, BlogDeskRepository, { provide: BLOG_FILE_STORAGE, useFactory: () => new LocalFileStorage() }],
})
export class BlogModule {}
