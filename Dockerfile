# One image for the API and the worker; ROLE chooses what a container runs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The lock file is made against a mirror that lacks some platforms' optional binaries; `npm install`
# still follows it and fills those in, where `npm ci` would refuse.
RUN npm install --no-audit --no-fund
COPY . .
RUN npx vite build --logLevel warn

FROM node:20-bookworm-slim
WORKDIR /app
# Production unless told otherwise: no demo data, a strong APP_SECRET and the ADMIN_ variables required.
# Inside a container the app must listen on every interface to be reachable at all.
ENV NODE_ENV=production APP_ENV=prod HOST=0.0.0.0
COPY --from=build /app /app
EXPOSE 3000
CMD ["npx", "tsx", "infra/serve.ts"]
