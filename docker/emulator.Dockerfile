# image: ghcr.io/reprofarm/android-emulator
#
# The emulator container of a device pod (helm/reprofarm `devices.emulator.image`, tag
# "35.2-api34"): the Android emulator and an API 34 x86_64 system image with the AVD the chart
# starts (`devices.emulator.avd`, Pixel_6_API_34), run as `emulator -avd NAME ...` (KVM from the
# node). The golden snapshot the pods boot from is made once, from this image (docs/deploy.md).
# Needs Google's Android SDK repository at build time; accepts its licences.
#
#   docker build -f docker/emulator.Dockerfile -t ghcr.io/reprofarm/android-emulator:35.2-api34 .
FROM debian:bookworm-slim

ARG CMDLINE_TOOLS=11076708
ARG API=34
ARG AVD=Pixel_6_API_34

RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      ca-certificates curl unzip openjdk-17-jre-headless \
      libpulse0 libnss3 libxcomposite1 libxcursor1 libxi6 libxtst6 libasound2 libgl1 \
 && rm -rf /var/lib/apt/lists/*

ENV ANDROID_SDK_ROOT=/opt/android-sdk
# The AVD lives here, not under a user's home (its .ini records this path); the chart's golden
# snapshot volume replaces it with ANDROID_AVD_HOME=/avd.
ENV ANDROID_AVD_HOME=/opt/android-avd
ENV PATH=/opt/android-sdk/emulator:/opt/android-sdk/platform-tools:/opt/android-sdk/cmdline-tools/latest/bin:$PATH
RUN mkdir -p $ANDROID_SDK_ROOT/cmdline-tools \
 && curl -fsSL -o /tmp/tools.zip \
      "https://dl.google.com/android/repository/commandlinetools-linux-${CMDLINE_TOOLS}_latest.zip" \
 && unzip -q /tmp/tools.zip -d $ANDROID_SDK_ROOT/cmdline-tools \
 && mv $ANDROID_SDK_ROOT/cmdline-tools/cmdline-tools $ANDROID_SDK_ROOT/cmdline-tools/latest \
 && rm /tmp/tools.zip \
 && yes | sdkmanager --licenses >/dev/null \
 && sdkmanager --install emulator platform-tools "system-images;android-${API};google_apis;x86_64" \
 && echo no | avdmanager create avd -n "$AVD" -d pixel_6 -k "system-images;android-${API};google_apis;x86_64"

RUN useradd --create-home --uid 1000 android && chown -R android "$ANDROID_AVD_HOME"
USER android
# The chart's command: `emulator -avd NAME -ports C,C+1 -snapshot golden -no-window ...`.
ENTRYPOINT ["emulator"]
