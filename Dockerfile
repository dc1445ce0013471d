# One image for both services; docker-compose chooses the entry point.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY services/command/package.json services/command/
COPY services/projector/package.json services/projector/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @wh/web
ENV NODE_ENV=production
USER node
EXPOSE 3000
CMD ["node", "--import", "./scripts/ts-loader.mjs", "services/command/src/main.ts"]
